# bench/repos: snapshot_download of a repository beside plain concurrent GETs of the same files, in one Python
# process (interpreter start and imports are outside both timings). Rounds alternate; each round writes into a
# fresh folder, so nothing is served from a cache. Prints one JSON object: the seconds of every round of each.
# Usage: python3 repos-snapshot.py ENDPOINT REPO_ID ROUNDS PATH...   (HF_ENDPOINT must be ENDPOINT)
import json
import os
import shutil
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

import httpx
from huggingface_hub import snapshot_download

WORKERS = 8  # snapshot_download's default max_workers


def plain_gets(endpoint, repo_id, paths, folder):
    with httpx.Client(timeout=60) as client:

        def get(path):
            target = os.path.join(folder, path)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with client.stream("GET", f"{endpoint}/{repo_id}/resolve/main/{path}") as res:
                res.raise_for_status()
                with open(target, "wb") as out:
                    for chunk in res.iter_bytes(1 << 20):
                        out.write(chunk)
            return os.path.getsize(target)

        with ThreadPoolExecutor(WORKERS) as pool:
            return sum(pool.map(get, paths))


def snapshot(repo_id, folder):
    path = snapshot_download(repo_id, cache_dir=folder, max_workers=WORKERS)
    return sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(path) for f in fs)


def timed(fn, *args):
    folder = tempfile.mkdtemp(prefix="modelhub-bench-snapshot-")
    try:
        start = time.perf_counter()
        size = fn(*args, folder)
        return time.perf_counter() - start, size
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main():
    endpoint, repo_id, rounds, paths = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4:]
    timed(plain_gets, endpoint, repo_id, paths)  # warm-up of both sides
    timed(snapshot, repo_id)
    result = {"plain": [], "snapshot": [], "bytes": {}}
    for _ in range(rounds):
        seconds, size = timed(plain_gets, endpoint, repo_id, paths)
        result["plain"].append(seconds)
        result["bytes"]["plain"] = size
        seconds, size = timed(snapshot, repo_id)
        result["snapshot"].append(seconds)
        result["bytes"]["snapshot"] = size
    print(json.dumps(result))


main()
