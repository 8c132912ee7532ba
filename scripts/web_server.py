"""Serves examples/web/ at / and the npm package (bindings/js/) at /gridgames/ on 127.0.0.1.

Prints "serving http://127.0.0.1:PORT/" once it listens (port 0 picks a free one), so a test can
start it and read the address. Only files under those two folders are served.
"""
import http.server
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
MOUNTS = {"/gridgames/": ROOT / "bindings" / "js", "/": ROOT / "examples" / "web"}


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
    }

    def translate_path(self, path):
        path = path.split("?", 1)[0].split("#", 1)[0]
        for prefix, folder in MOUNTS.items():
            if path.startswith(prefix):
                rest = path[len(prefix):] or "index.html"
                target = (folder / rest).resolve()
                if folder.resolve() in target.parents or target == folder.resolve():
                    return str(target)
        return str(ROOT / "nonexistent")

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, fmt, *args):
        pass


def main():
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 8000
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler)
    print(f"serving http://127.0.0.1:{server.server_address[1]}/", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
