"""Which ports a local Ray of the Ray backend listens on, where, and whether each refuses a client without its token.

Run ``python benchmarks/ray_ports.py`` (needs ``pip install 'castle-combo[ray]'``; ``grpcio``, if installed,
adds a probe of every gRPC port). It starts the local Ray exactly as ``castle-combo simulate --backend ray``
does (:class:`castle_combo.bots.backends.RayCluster`), runs one task so that a worker process exists, lists
every TCP port that this process and Ray's processes listen on (``ss -ltnp``, from ``/proc``), and asks each
one for something without the token, with a wrong token and with the right one:

* the GCS with Ray's own client (``GcsClient.internal_kv_keys``), in a separate process;
* the runtime-environment agent's HTTP server with a POST to ``/get_runtime_envs_info``;
* the other gRPC servers (the raylet's node manager and object manager, the driver's and the worker's core
  worker) with one call of their own service and an empty request (needs grpcio).

It prints one line per port and a summary: how many listen beyond the loopback address, how many it probed, how
many of those answered a client without the token (the figure the docs' security page quotes; it must be 0), and
the ports it could not probe (without grpcio, the four gRPC ports other than the GCS), named. Its exit status is 0
only when every port was probed and none answered without the token: 1 when one answered, 2 when a port went
unprobed (the measurement is then incomplete, and the summary says so rather than counting it as refused).
"""

from __future__ import annotations

import argparse
import ipaddress
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from castle_combo.bots.backends import RayCluster, token_auth_on

#: One call of each gRPC service a local Ray serves, by the name of the process that serves it.
GRPC_CALLS = {
    "gcs_server": ["/ray.rpc.NodeInfoGcsService/GetAllNodeInfo"],
    "raylet": ["/ray.rpc.NodeManagerService/GetNodeStats", "/ray.rpc.ObjectManagerService/Pull"],
    "worker": ["/ray.rpc.CoreWorkerService/GetCoreWorkerStats"],
    "driver": ["/ray.rpc.CoreWorkerService/GetCoreWorkerStats"],
}

GCS_PROBE = """
import sys
from ray._raylet import GcsClient
try:
    GcsClient(address=sys.argv[1]).internal_kv_keys(b"", None, timeout=10)
    print("answered")
except Exception as error:
    print("refused (" + type(error).__name__ + ")")
"""


def family(pid: int) -> set[int]:
    """``pid`` and all its descendants, read from /proc."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(parent, []).append(int(entry.name))
    found, todo = set(), [pid]
    while todo:
        here = todo.pop()
        if here not in found:
            found.add(here)
            todo.extend(children.get(here, []))
    return found


def listeners(pids: set[int]) -> list[tuple[str, int, int, str]]:
    """``(address, port, pid, process name)`` of every listening TCP socket of ``pids`` (from ``ss -ltnpH``)."""
    out = subprocess.run(["ss", "-ltnpH"], capture_output=True, text=True, check=True).stdout
    found = []
    for line in out.splitlines():
        fields = line.split()
        local, users = fields[3], " ".join(fields[5:])
        address, _, port = local.rpartition(":")
        for chunk in users.split("),("):
            name = chunk.split('"')[1] if '"' in chunk else "?"
            pid = int(chunk.split("pid=")[1].split(",")[0]) if "pid=" in chunk else -1
            if pid in pids:
                found.append((address.strip("[]"), int(port), pid, name))
    return sorted(set(found), key=lambda row: row[1])


def reach(address: str) -> str:
    """Where a listening address can be reached from: loopback only, every interface, or one address."""
    if address in ("*", "0.0.0.0", "::"):
        return "every interface"
    return "loopback only" if ipaddress.ip_address(address).is_loopback else f"the address {address}"


def probe_gcs(address: str, env: dict[str, str]) -> str:
    done = subprocess.run([sys.executable, "-c", GCS_PROBE, address], env=env, capture_output=True, text=True,
                          timeout=60)
    return done.stdout.strip() or f"error: {done.stderr.strip()[-200:]}"


def probe_http(url: str, token: str | None) -> str:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    request = urllib.request.Request(url, data=b"", headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return f"answered (HTTP {answer.status})"
    except urllib.error.HTTPError as error:
        return f"refused (HTTP {error.code})"


def probe_grpc(target: str, method: str, token: str | None) -> str:
    import grpc

    with grpc.insecure_channel(target) as channel:
        call = channel.unary_unary(method, request_serializer=lambda b: b, response_deserializer=lambda b: b)
        metadata = [("authorization", f"Bearer {token}")] if token else None
        try:
            call(b"", metadata=metadata, timeout=10)
            return "answered"
        except grpc.RpcError as error:
            code = error.code()
            return f"refused ({code.name})" if code is grpc.StatusCode.UNAUTHENTICATED else f"answered ({code.name})"


def summary(ports: int, beyond: int, probed: int, answered_without: int,
            unprobed: list[tuple[int, str]]) -> tuple[str, int]:
    """The summary line and the exit status: 0 all probed and none answered without the token, 1, or 2 incomplete."""
    text = (f"summary: {ports} ports, {beyond} beyond loopback; {probed} probed, of which {answered_without} answered "
            "a client without the token (each probe: no token | wrong token | the token)")
    if unprobed:
        listed = ", ".join(f"{port} ({role})" for port, role in unprobed)
        text += (f"\nINCOMPLETE: {len(unprobed)} of {ports} ports not probed, so not known to refuse a client "
                 f"without the token: {listed}\nhint: pip install grpcio, then run this again")
    return text, 1 if answered_without else 2 if unprobed else 0


def main() -> int:
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args()
    try:
        import grpc  # noqa: F401
        have_grpc = True
    except ImportError:
        have_grpc = False
    with RayCluster(cpus=1).connected() as ray:
        started = time.perf_counter()
        ray.get(ray.remote(lambda: 1).remote())
        token = os.environ["RAY_AUTH_TOKEN"]
        gcs = ray.get_runtime_context().gcs_address
        node = ray._private.worker._global_node
        agent_port = node.runtime_env_agent_port
        time.sleep(1)
        rows = listeners(family(os.getpid()))
        clean = {k: v for k, v in os.environ.items() if not k.startswith("RAY_")}
        print(f"Ray {ray.__version__}, token authentication on: {token_auth_on()}; "
              f"{len(rows)} listening ports ({time.perf_counter() - started:.1f} s)")
        beyond = answered_without = 0
        unprobed: list[tuple[int, str]] = []
        for address, port, pid, name in rows:
            where = reach(address)
            beyond += where != "loopback only"
            role = "driver" if pid == os.getpid() else "worker" if name.startswith("ray::") else name
            if port == int(gcs.rpartition(":")[2]):
                role = "gcs_server"
                results = [probe_gcs(gcs, clean), probe_gcs(gcs, clean | {"RAY_AUTH_MODE": "token",
                                                                        "RAY_AUTH_TOKEN": "0" * 64}),
                           probe_gcs(gcs, clean | {"RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN": token})]
            elif port == agent_port:
                role = "runtime env agent (HTTP)"
                url = f"http://{node.node_ip_address}:{port}/get_runtime_envs_info"
                results = [probe_http(url, None), probe_http(url, "0" * 64), probe_http(url, token)]
            elif have_grpc:
                target = f"{node.node_ip_address}:{port}"
                # The raylet serves two services, one per port: probe the one this port serves.
                method = next((m for m in GRPC_CALLS.get(role, GRPC_CALLS["worker"])
                               if "UNIMPLEMENTED" not in probe_grpc(target, m, token)), None)
                if method is None:
                    results = ["NOT PROBED (no known service answered the token here)"]
                else:
                    role = f"{role}: {method.split('.')[-1].split('/')[0]}"
                    results = [probe_grpc(target, method, t) for t in (None, "0" * 64, token)]
            else:
                results = ["NOT PROBED (a gRPC port: install grpcio to probe it)"]
            if results[0].startswith("NOT PROBED"):
                unprobed.append((port, role))
            elif any("answered" in r for r in results[:2]):
                answered_without += 1
            print(f"  {port:>5}  {name:<16} {role:<34} {where:<22} " + " | ".join(results))
        text, status = summary(len(rows), beyond, len(rows) - len(unprobed), answered_without, unprobed)
        print(text)
    return status


if __name__ == "__main__":
    sys.exit(main())
