# Jupyter server settings shipped with the kit (JupyterLab from `kit.py lab`, JupyterLab and Voilà
# on Binder).  See jupyter/README.md.
import os

from widgets import pages

c = get_config()  # noqa: F821  (provided by Jupyter when it reads this file)

# Saving a notebook drops the live-widget part of each output and keeps its text line
# ("... run this cell to bring the card table to life."): reopened later, the lesson shows that
# line instead of "Error displaying widget: model not found" (saved widget state does not come
# back in JupyterLab 4: jupyterlab#15361, ipywidgets#3888).
c.FileContentsManager.pre_save_hook = "widgets.fallback.strip_widget_views"
# … and a lesson keeps its shipped kernelspec and language_info when the running kernel's Python
# differs only in its version (widgets.pages.keep_shipped_kernel_metadata, a server extension that
# registers a second pre-save hook): opening a lesson with another Python leaves no diff.
c.ServerApp.jpserver_extensions.update({"widgets.pages": True})

# Kernels nobody uses are shut down: an idle kernel after 20 minutes without a connected tab,
# checked every minute (a Voilà page keeps one kernel per open tab; closing the tab ends it).
c.MappingKernelManager.cull_idle_timeout = 20 * 60
c.MappingKernelManager.cull_interval = 60
c.MappingKernelManager.cull_connected = False

# JupyterLab loads custom/custom.css beside this file (jupyter/config/custom/ with kit.py, the
# copy in ~/.jupyter/custom/ on Binder): it hides `.kit-page-only` passages of the lessons.
c.LabApp.custom_css = True
c.ServerApp.tornado_settings.update(
    {"static_custom_path": [os.path.join(os.path.dirname(os.path.abspath(__file__)), "custom")]})
# A page's websocket takes a message as large as the largest score-book export (the campaign page's upload
# travels in one message; tornado's default, 10 MiB, cut a larger one off): widgets/pages.py.
c.ServerApp.tornado_settings.update(pages.TORNADO_SETTINGS)

# Voilà pages (…/voila/render/notebooks/<lesson>.ipynb) use the kit's template (nothing from a CDN,
# `.kit-lab-only` passages hidden); closing a page's tab shuts its kernel down; MathJax comes from
# Voilà's own bundle; a lesson's link to the rule book (…/voila/render/docs/rules/paternoster.md)
# opens it as a page, and the rule book's links to its printable sheets work (widgets/pages.py).
# jupyter/config/voila.py says the same to Voilà on its own (`kit.py page`, `kit.py classroom`).
c.VoilaConfiguration.template = "kit"
c.VoilaConfiguration.prelaunch_hook = pages.voila_prelaunch_hook
c.VoilaConfiguration.page_config_hook = pages.voila_page_config_hook
c.VoilaConfiguration.extension_language_mapping = pages.MARKDOWN_PAGES
c.VoilaConfiguration.language_kernel_mapping = pages.MARKDOWN_KERNEL
c.VoilaConfiguration.file_allowlist = pages.FILES_ALLOWED
