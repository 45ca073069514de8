"""Serve the page that `make web` built, on this computer only (`make web-serve`):

    python -m host_sim.webserve [--dir build/web] [--port 8066]

then open http://127.0.0.1:8066/ in a browser.  Any static file server
does as well (docs/web.md); this one says the types a browser insists on
(application/wasm, text/javascript for .mjs) and listens on 127.0.0.1 only."""
import argparse
import functools
import http.server
import os
import sys
import threading

from host_sim.webbuild import DEFAULT_OUT

TYPES = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
         ".pack": "application/octet-stream", ".html": "text/html", ".css": "text/css"}


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES)

    def log_message(self, fmt, *args):
        if self.server.verbose:
            http.server.SimpleHTTPRequestHandler.log_message(self, fmt, *args)


def server(folder, port=0, verbose=False):
    """A server of folder on 127.0.0.1 (port 0: any free port), serving
    from a thread of its own; .server_address[1] is its port, .shutdown()
    stops it."""
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", port),
                                            functools.partial(Handler, directory=folder))
    httpd.verbose = verbose
    httpd.daemon_threads = True
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd


def main(argv):
    p = argparse.ArgumentParser(prog="python -m host_sim.webserve",
                                description="Serve the page of `make web` on 127.0.0.1.")
    p.add_argument("--dir", default=DEFAULT_OUT, help="the built site (default build/web)")
    p.add_argument("--port", type=int, default=8066, help="the port (default 8066)")
    a = p.parse_args(argv)
    if not os.path.exists(os.path.join(a.dir, "index.html")):
        print("%s has no page: run `make web` first" % a.dir, file=sys.stderr)
        return 1
    try:
        httpd = server(a.dir, a.port, verbose=True)
    except OSError as e:
        print("cannot listen on 127.0.0.1:%d: %s (another --port?)" % (a.port, e), file=sys.stderr)
        return 1
    print("the handheld in a browser: http://127.0.0.1:%d/  (Ctrl-C stops)" % httpd.server_address[1])
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        httpd.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
