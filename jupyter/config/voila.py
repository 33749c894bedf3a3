# Voilà on its own (`kit.py page`, `kit.py classroom`), with voila.json beside it (template and
# culling).  The same hooks as jupyter_server_config.py gives Voilà inside JupyterLab's server and on
# Binder; see widgets/pages.py and jupyter/README.md.
from widgets import pages

c = get_config()  # noqa: F821  (provided by Jupyter when it reads this file)

c.VoilaConfiguration.prelaunch_hook = pages.voila_prelaunch_hook
c.VoilaConfiguration.page_config_hook = pages.voila_page_config_hook
c.VoilaConfiguration.extension_language_mapping = pages.MARKDOWN_PAGES
c.VoilaConfiguration.language_kernel_mapping = pages.MARKDOWN_KERNEL
c.VoilaConfiguration.file_allowlist = pages.FILES_ALLOWED
# A page's websocket takes a message as large as the largest score-book export (the campaign page's upload).
c.Voila.tornado_settings = dict(pages.TORNADO_SETTINGS)
