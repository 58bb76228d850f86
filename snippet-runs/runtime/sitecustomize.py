# Points Python at the snippet-runs stand-in: every stand-in host resolves to it, any other host fails loudly.
# Loaded by the interpreter because its folder is on PYTHONPATH; trust of the test CA comes from
# SSL_CERT_FILE (httpx) and REQUESTS_CA_BUNDLE (requests), which the harness sets.
import os
import socket

_HOSTS = set(filter(None, os.environ.get("SNIPPET_RUNS_HOSTS", "").split(",")))
_PORT = int(os.environ.get("SNIPPET_RUNS_PORT", "0"))
_getaddrinfo = socket.getaddrinfo


def _stand_in_getaddrinfo(host, port, *args, **kwargs):
    name = host.decode() if isinstance(host, bytes) else host
    if name in ("127.0.0.1", "localhost", "::1") or not _PORT:
        return _getaddrinfo(host, port, *args, **kwargs)
    if name not in _HOSTS:
        raise socket.gaierror(f"snippet-runs: no network; {name} is not a stand-in host")
    return _getaddrinfo("127.0.0.1", _PORT, *args, **kwargs)


socket.getaddrinfo = _stand_in_getaddrinfo
