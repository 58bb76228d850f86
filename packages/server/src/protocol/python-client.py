# Runs the vendored huggingface_hub against HF_ENDPOINT and prints one JSON object of what each call returned.
# Used by python-client.test.ts; argv: <model id> <old commit id> <work dir>.
import json
import os
import subprocess
import sys

from huggingface_hub import (
    HfApi,
    file_exists,
    hf_hub_download,
    repo_exists,
    snapshot_download,
)
from huggingface_hub.errors import EntryNotFoundError

repo, old, work = sys.argv[1], sys.argv[2], sys.argv[3]
api = HfApi()
out = {}


def read(path):
    with open(path, "rb") as f:
        return f.read().decode("utf-8", "replace")


out["list_search"] = [m.id for m in api.list_models(search="tiny")]
out["list_author"] = [m.id for m in api.list_models(author="acme")]
out["list_filter"] = [m.id for m in api.list_models(filter="vision")]
out["list_sort"] = [m.id for m in api.list_models(sort="likes", limit=2)]
expanded = list(api.list_models(search="tiny", expand=["sha", "siblings", "downloads"]))
out["list_expand"] = [{"id": m.id, "sha": m.sha, "siblings": [s.rfilename for s in m.siblings or []]} for m in expanded]
full = list(api.list_models(author="acme", full=True))
out["list_full"] = [{"id": m.id, "sha": m.sha, "private": m.private} for m in full]

info = api.model_info(repo, files_metadata=True)
out["model_info"] = {
    "id": info.id,
    "sha": info.sha,
    "private": info.private,
    "tags": info.tags,
    "card": info.card_data.to_dict() if info.card_data else None,
    "siblings": [
        {"name": s.rfilename, "size": s.size, "blob_id": s.blob_id, "lfs": s.lfs.sha256 if s.lfs else None}
        for s in info.siblings
    ],
}
out["model_info_old"] = [s.rfilename for s in api.model_info(repo, revision=old).siblings]
out["list_repo_files"] = api.list_repo_files(repo)
out["list_repo_tree"] = sorted(
    [type(e).__name__, e.path] for e in api.list_repo_tree(repo, recursive=True)
)
out["list_repo_tree_expand"] = [
    [
        e.path,
        e.last_commit.title if getattr(e, "last_commit", None) else None,
        [e.security.status, e.security.safe] if getattr(e, "security", None) else None,
    ]
    for e in api.list_repo_tree(repo, expand=True)
]
refs = api.list_repo_refs(repo)
out["refs"] = [[b.name, b.target_commit] for b in refs.branches]
commits = api.list_repo_commits(repo)
out["commits"] = [[c.commit_id, c.title] for c in commits]
out["paths_info"] = sorted(
    [type(e).__name__, e.path] for e in api.get_paths_info(repo, ["config.json", "weights", "missing.txt"])
)
out["exists"] = {
    "repo": repo_exists(repo),
    "repo_missing": repo_exists("acme/no-such-model"),
    "file": file_exists(repo, "config.json"),
    "file_missing": file_exists(repo, "missing.txt"),
}
try:
    hf_hub_download(repo, "missing.txt", cache_dir=os.path.join(work, "cache"))
    out["download_missing"] = "no error"
except EntryNotFoundError:
    out["download_missing"] = "EntryNotFoundError"

cached = hf_hub_download(repo, "config.json", cache_dir=os.path.join(work, "cache"))
out["hf_hub_download_cache"] = read(cached)
local = hf_hub_download(repo, "weights/model.safetensors", local_dir=os.path.join(work, "local"))
out["hf_hub_download_local_dir"] = os.path.getsize(local)
snap = snapshot_download(repo, cache_dir=os.path.join(work, "snap"))
out["snapshot_main"] = {p: os.path.getsize(os.path.join(snap, p)) for p in sorted(api.list_repo_files(repo))}
out["snapshot_main_config"] = read(os.path.join(snap, "config.json"))
old_snap = snapshot_download(repo, revision=old, cache_dir=os.path.join(work, "snap"))
out["snapshot_old_config"] = read(os.path.join(old_snap, "config.json"))
cli = subprocess.run(
    [sys.executable, "-c", "from huggingface_hub.cli.hf import main; main()", "download", repo, "config.json",
     "--local-dir", os.path.join(work, "cli")],
    capture_output=True, text=True, env=os.environ,
)
out["hf_download_cli"] = {"code": cli.returncode, "content": read(os.path.join(work, "cli", "config.json")) if cli.returncode == 0 else cli.stderr[-500:]}
print(json.dumps(out))
