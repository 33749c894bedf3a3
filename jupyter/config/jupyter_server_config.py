# Jupyter server settings shipped with the kit (JupyterLab from `kit.py lab`, JupyterLab and Voilà
# on Binder).  See jupyter/README.md.
c = get_config()  # noqa: F821  (provided by Jupyter when it reads this file)

# Saving a notebook drops the live-widget part of each output and keeps its text line
# ("... run this cell to bring the card table to life."): reopened later, the lesson shows that
# line instead of "Error displaying widget: model not found" (saved widget state does not come
# back in JupyterLab 4: jupyterlab#15361, ipywidgets#3888).
c.FileContentsManager.pre_save_hook = "widgets.fallback.strip_widget_views"

# Kernels nobody uses are shut down: an idle kernel after 20 minutes without a connected tab,
# checked every minute (a Voilà page keeps one kernel per open tab).
c.MappingKernelManager.cull_idle_timeout = 20 * 60
c.MappingKernelManager.cull_interval = 60
c.MappingKernelManager.cull_connected = False

# Voilà pages (…/voila/render/notebooks/<lesson>.ipynb) use the kit's template: nothing from a CDN.
c.VoilaConfiguration.template = "kit"
