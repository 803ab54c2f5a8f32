"""nginx in front of several ``fathom serve`` processes: the config we document, and a runner for tests and benches.

:func:`nginx_config` is the sample of docs/web.md ("Deploying"): one upstream per server
process, websocket upgrade headers, long read timeouts for websockets, and the next upstream
tried when one is down. Bodies are bounded at the proxy as at the servers (``client_max_body_size
1m``: a new table's save; every other body is refused past 64 KB by the servers themselves), with
the servers' deadlines for headers and bodies, and ``Host $http_host`` passes the port on (``$host``
drops it, and the browser's ``Origin`` would no longer match on a non-default port). :class:`Nginx` runs Debian's nginx (``apt-get install nginx``) as a
throwaway process with its own prefix, config, pid and logs in a temporary directory,
listening on a free loopback port (``fathom bench-server --processes`` and the tests use it).
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any


def wait_healthy(url: str, timeout: float, alive: Any = None) -> bool:
    """Poll ``url``/healthz until it answers 200 (True), ``timeout`` seconds pass or ``alive()`` says no."""
    end = time.time() + timeout
    while time.time() < end and (alive is None or alive()):
        try:
            with urllib.request.urlopen(url + "/healthz", timeout=2) as r:
                if r.status == 200:
                    return True
        except OSError:
            time.sleep(0.1)
    return False


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


NGINX_CANDIDATES = ("/usr/sbin/nginx", "/usr/bin/nginx")


def nginx_binary() -> str | None:
    for path in NGINX_CANDIDATES:
        if os.access(path, os.X_OK):
            return path
    return shutil.which("nginx")


NGINX_CONF = """\
worker_processes 1;
daemon off;
pid {dir}/nginx.pid;
error_log {dir}/error.log warn;
events {{ worker_connections 2048; }}
http {{
    access_log off;
    client_max_body_size 1m;
    client_body_timeout 30s;
    client_header_timeout 10s;
    client_body_temp_path {dir}/body;
    proxy_temp_path {dir}/proxy;
    fastcgi_temp_path {dir}/fastcgi;
    uwsgi_temp_path {dir}/uwsgi;
    scgi_temp_path {dir}/scgi;
    map $http_upgrade $connection_upgrade {{ default upgrade; '' close; }}
    upstream fathom {{
{servers}
    }}
    server {{
        listen 127.0.0.1:{port};
        location / {{
            proxy_pass http://fathom;
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_read_timeout 1h;
            proxy_buffering off;
            proxy_next_upstream error timeout http_502 http_503;
            proxy_connect_timeout 2s;
        }}
    }}
}}
"""


def nginx_config(directory: str, port: int, upstreams: list[int]) -> str:
    servers = "\n".join(f"        server 127.0.0.1:{p} max_fails=1 fail_timeout=5s;" for p in upstreams)
    return NGINX_CONF.format(dir=directory, port=port, servers=servers)


class Nginx:
    """nginx in front of ``upstreams`` (ports on 127.0.0.1), on a free port of its own."""

    def __init__(self, binary: str, upstreams: list[int]) -> None:
        self.binary = binary
        self.dir = tempfile.mkdtemp(prefix="fathom-nginx-")
        os.chmod(self.dir, 0o755)  # run as root, nginx's workers are another user
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        Path(self.dir, "nginx.conf").write_text(nginx_config(self.dir, self.port, upstreams))
        self.proc: subprocess.Popen | None = None

    def start(self) -> None:
        self.proc = subprocess.Popen([self.binary, "-p", self.dir, "-c", f"{self.dir}/nginx.conf",
                                      "-e", f"{self.dir}/error.log"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        proc = self.proc
        if not wait_healthy(self.url, 15, alive=lambda: proc.poll() is None):
            said = proc.stderr.read().decode()[-2000:] if proc.poll() is not None and proc.stderr else ""
            raise RuntimeError(f"nginx did not come up: {said}{self.log()}")

    def log(self) -> str:
        path = Path(self.dir, "error.log")
        return path.read_text()[-2000:] if path.exists() else ""

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.send_signal(signal.SIGQUIT)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
            self.proc = None
        shutil.rmtree(self.dir, ignore_errors=True)
