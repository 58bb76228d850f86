# The vendored huggingface_hub's write calls against a hub at HF_ENDPOINT, as alice (HF_TOKEN). Prints one JSON
# object of what each call gave; the vitest test asserts on it. Any exception fails the run (exit status 1).
import hashlib
import json
import os
import subprocess
import sys
import tempfile

from huggingface_hub import CommitOperationAdd, CommitOperationDelete, HfApi, hf_hub_download
from huggingface_hub.utils import RepositoryNotFoundError

api = HfApi()
# Visibility and deletion need the admin role on the namespace: olga (acme admin) does them.
admin = HfApi(token=os.environ["ADMIN_HF_TOKEN"])
out = {}
me = api.whoami()
out["whoami"] = {"name": me["name"], "orgs": [[o["name"], o["roleInOrg"]] for o in me["orgs"]],
                 "role": me["auth"]["accessToken"]["role"]}

pub = api.create_repo("acme/py-public")
out["create_public"] = pub.repo_id
out["create_private"] = api.create_repo("acme/py-private", private=True).repo_id
out["create_exist_ok"] = api.create_repo("acme/py-public", exist_ok=True).repo_id

readme = b"---\nlibrary_name: transformers\npipeline_tag: text-classification\n---\n# From Python\n"
out["upload_file"] = api.upload_file(path_or_fileobj=readme, path_in_repo="README.md", repo_id="acme/py-public").oid

big = os.urandom(10 * 1024 * 1024)  # the LFS threshold by size, and the test hub's upload limit
with tempfile.TemporaryDirectory() as folder:
    with open(os.path.join(folder, "config.json"), "w") as f:
        f.write('{"model_type": "bert", "architectures": ["BertForSequenceClassification"]}')
    with open(os.path.join(folder, "model.safetensors"), "wb") as f:
        f.write(b"\x08\x00\x00\x00\x00\x00\x00\x00{}      ")
    with open(os.path.join(folder, "big.bin"), "wb") as f:
        f.write(big)
    os.makedirs(os.path.join(folder, "extra"))
    with open(os.path.join(folder, "extra", "notes.txt"), "w") as f:
        f.write("notes")
    out["upload_folder"] = api.upload_folder(folder_path=folder, repo_id="acme/py-private").oid

info = api.create_commit(
    repo_id="acme/py-private",
    operations=[
        CommitOperationAdd(path_in_repo="added.txt", path_or_fileobj=b"added"),
        CommitOperationDelete(path_in_repo="extra/"),
    ],
    commit_message="Add and delete",
)
out["create_commit"] = info.oid
out["delete_file"] = api.delete_file("added.txt", repo_id="acme/py-private").oid

try:
    api.update_repo_settings("acme/py-private", private=False)
    out["settings_as_writer"] = "allowed"
except Exception as error:
    out["settings_as_writer"] = error.response.status_code
admin.update_repo_settings("acme/py-private", private=False)
admin.update_repo_settings("acme/py-private", private=True)

# move_repo: olga renames the private model; its files come back from the new id and through the old one.
admin.move_repo("acme/py-private", "acme/py-renamed")
out["moved_info"] = api.model_info("acme/py-private").id
home = os.environ["HF_HOME"]


def sha_of(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


out["moved_new_sha256"] = sha_of(hf_hub_download("acme/py-renamed", "big.bin", cache_dir=os.path.join(home, "c1")))
out["moved_old_sha256"] = sha_of(hf_hub_download("acme/py-private", "big.bin", cache_dir=os.path.join(home, "c2")))
try:
    admin.move_repo("acme/py-renamed", "acme/py-public")
    out["move_onto_existing"] = "moved"
except Exception as error:
    out["move_onto_existing"] = error.response.status_code

# The `hf upload` command (a folder, as alice through HF_TOKEN): it creates the repository, then uploads.
weights = os.urandom(2 * 1024 * 1024)
with tempfile.TemporaryDirectory() as folder:
    with open(os.path.join(folder, "weights.bin"), "wb") as f:
        f.write(weights)
    with open(os.path.join(folder, "README.md"), "w") as f:
        f.write("---\nlicense: mit\n---\n# Uploaded by hf upload\n")
    cli = subprocess.run(
        [sys.executable, "-c", "from huggingface_hub.cli.hf import main; main()", "upload", "acme/py-cli", folder, "."],
        capture_output=True, text=True, timeout=120,
    )
out["hf_upload"] = {"code": cli.returncode, "err": cli.stderr[-800:] if cli.returncode else ""}
out["hf_upload_sha256"] = hashlib.sha256(weights).hexdigest()
out["hf_upload_download_sha256"] = sha_of(hf_hub_download("acme/py-cli", "weights.bin", cache_dir=os.path.join(home, "c3")))

admin.delete_repo("acme/py-public")
try:
    admin.delete_repo("acme/py-public")
    out["delete_again"] = "deleted twice"
except RepositoryNotFoundError:
    out["delete_again"] = "RepositoryNotFoundError"
admin.delete_repo("acme/py-gone", missing_ok=True)

out["big_sha256"] = __import__("hashlib").sha256(big).hexdigest()
json.dump(out, sys.stdout)
