"""widgets/pages.py, without a browser: the Voilà hooks and the pre-save hook that keeps a lesson's
shipped kernel metadata (tests/browser/test_pages_browser.py checks them in chromium)."""

from __future__ import annotations

import json
import types

import nbformat
import pytest
from jupyter_server.services.contents.filemanager import FileContentsManager

from widgets import pages

SHIPPED = {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
           "language_info": {"name": "python", "version": "3.11.7", "pygments_lexer": "ipython3"}}


@pytest.fixture
def contents(tmp_path):
    manager = FileContentsManager(root_dir=str(tmp_path))
    manager.register_pre_save_hook(pages.keep_shipped_kernel_metadata)
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("A lesson.")], metadata=SHIPPED)
    nbformat.write(nb, tmp_path / "lesson.ipynb")
    return manager, tmp_path


def _save(manager, name, metadata):
    """Save the lesson's cells under `name` with `metadata`, as JupyterLab sends a notebook."""
    with open(f"{manager.root_dir}/lesson.ipynb", encoding="utf-8") as f:
        nb = json.load(f)
    nb["metadata"] = metadata
    manager.save({"type": "notebook", "format": "json", "content": nb}, name)


def test_a_lesson_saved_from_another_python_keeps_its_shipped_kernel_metadata(contents):
    manager, root = contents
    before = (root / "lesson.ipynb").read_bytes()
    laptop = {"kernelspec": dict(SHIPPED["kernelspec"], display_name="Python 3"),
              "language_info": dict(SHIPPED["language_info"], version="3.12.4")}
    _save(manager, "lesson.ipynb", laptop)
    assert (root / "lesson.ipynb").read_bytes() == before


def test_another_kernel_or_a_new_file_is_saved_as_sent(contents):
    manager, root = contents
    other = {"kernelspec": {"display_name": "R", "language": "R", "name": "ir"}, "language_info": {"name": "R"}}
    _save(manager, "lesson.ipynb", other)
    assert json.loads((root / "lesson.ipynb").read_text())["metadata"] == other
    laptop = dict(SHIPPED, language_info=dict(SHIPPED["language_info"], version="3.12.4"))
    _save(manager, "new.ipynb", laptop)
    assert json.loads((root / "new.ipynb").read_text())["metadata"]["language_info"]["version"] == "3.12.4"


def _request(path: str):
    handler = types.SimpleNamespace(request=types.SimpleNamespace(path=path), touched=[])
    return type("Handler", (), {"request": handler.request, "touched": handler.touched,
                                "xsrf_token": property(lambda self: self.touched.append(1) or b"t")})()


def test_every_voila_page_sets_the_xsrf_cookie_and_a_notebook_stays_voilas():
    req = _request("/voila/render/notebooks/01_the_ladder.ipynb")
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1 + 1")])
    assert pages.voila_prelaunch_hook(req, nb, "notebooks") is None
    assert req.touched == [1]


def test_a_markdown_file_becomes_a_page_of_its_text():
    req = _request("/voila/render/docs/rules/paternoster.md")
    text = "# Paternoster — the kit's rule book\n\n| a | b |\n| --- | --- |\n"
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(text)])
    page = pages.voila_prelaunch_hook(req, nb, "docs/rules")
    assert req.touched == [1]
    assert [(c.cell_type, c.source) for c in page.cells] == [("markdown", text)]


def test_mathjax_comes_from_voilas_bundle():
    config = pages.voila_page_config_hook({"fullMathjaxUrl": "https://cdn.example/mathjax.js",
                                           "mathjaxConfig": "TeX-AMS_CHTML-full,Safe", "baseUrl": "/"})
    assert config == {"fullMathjaxUrl": None, "mathjaxConfig": None, "baseUrl": "/"}


def _server_config(name):
    from pathlib import Path

    from traitlets.config.loader import PyFileConfigLoader
    return PyFileConfigLoader(name, path=str(Path(__file__).resolve().parent.parent / "jupyter" / "config")).load_config()


def test_both_servers_take_an_upload_as_large_as_the_largest_score_book_export():
    """F11: the campaign page's upload of an export over 10 MiB (tornado's default websocket message size) was
    cut off with no word from the kit.  Both servers now take a message as large as the one score-book limit."""
    from paternoster.campaign import files
    from paternoster.campaign.rides import MAX_EXPORT_BYTES
    assert pages.WEBSOCKET_MAX_MESSAGE_BYTES >= MAX_EXPORT_BYTES + (512 << 10) and files.MAX_IMPORT_BYTES == MAX_EXPORT_BYTES
    lab = _server_config("jupyter_server_config.py")
    voila = _server_config("voila.py")
    for settings in (lab.ServerApp.tornado_settings, voila.Voila.tornado_settings):
        settings = settings.get_value({}) if hasattr(settings, "get_value") else settings  # .update() is lazy
        assert settings["websocket_max_message_size"] == pages.WEBSOCKET_MAX_MESSAGE_BYTES


def test_a_websocket_with_the_kits_settings_takes_an_11_mib_message():
    """The setting does what it says in tornado itself: 11 MiB arrive whole; with tornado's default they do not."""
    import asyncio

    import tornado.web
    import tornado.websocket

    got: list[int] = []

    class Echo(tornado.websocket.WebSocketHandler):
        def on_message(self, message):
            got.append(len(message))
            self.write_message(str(len(message)))

    async def send(settings):
        app = tornado.web.Application([(r"/ws", Echo)], **settings)
        server = app.listen(0, address="127.0.0.1")
        port = next(iter(server._sockets.values())).getsockname()[1]
        try:
            ws = await tornado.websocket.websocket_connect(f"ws://127.0.0.1:{port}/ws", max_message_size=20 << 20)
            try:
                await ws.write_message(b"\0" * (11 << 20), binary=True)
                answer = await asyncio.wait_for(ws.read_message(), 60)
            except tornado.websocket.WebSocketClosedError:
                answer = None
            ws.close()
            return answer
        finally:
            server.stop()

    def run(settings):
        """In a thread of its own: a test before this one in the same worker may leave an event loop running."""
        from concurrent.futures import ThreadPoolExecutor
        with ThreadPoolExecutor(1) as pool:
            return pool.submit(asyncio.run, send(settings)).result()

    assert run(pages.TORNADO_SETTINGS) == str(11 << 20)
    assert run({}) is None  # tornado's default closes the connection
    assert got == [11 << 20]
