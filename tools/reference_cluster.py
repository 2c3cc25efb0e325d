"""Runs a reference script's two-worker cluster on localhost, under TF or tfcompat (the
tools/distribute_*_reference.py scripts): the script again as each worker process
(``--worker INDEX PORT0 PORT1 *extra``), with TF_CONFIG left for the worker to set,
and returns what each printed (a Python literal)."""
import ast
import os
import socket
import subprocess
import sys


def run_workers(tf, script, extra=()):
    """Each worker's printed literal, in worker order; exits with a worker's error."""
    sockets = [socket.socket() for _ in range(2)]
    for sock in sockets:
        sock.bind(("127.0.0.1", 0))
    ports = [str(sock.getsockname()[1]) for sock in sockets]
    for sock in sockets:
        sock.close()
    # (under tfcompat, `tensorflow` is tfcompat: its workers run as `python -m tfcompat`)
    runner = ["-m", "tfcompat"] if "tfcompat" in tf.__file__ else []
    workers = [subprocess.Popen([sys.executable, *runner, script, "--worker", str(i), *ports,
                                 *extra],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                env={k: v for k, v in os.environ.items() if k != "TF_CONFIG"})
               for i in range(2)]
    outputs = []
    try:
        for worker in workers:
            out, err = worker.communicate(timeout=300)
            if worker.returncode:
                sys.exit(err[-5000:])
            # (JAX's gloo collectives print their connections to stdout first)
            outputs.append(ast.literal_eval(out[out.index("\n{") + 1:] if out[0] != "{"
                                            else out))
    finally:
        for worker in workers:
            if worker.poll() is None:
                worker.kill()
                worker.communicate()
    return outputs
