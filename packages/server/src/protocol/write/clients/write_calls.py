# The vendored huggingface_hub's write calls against a hub at HF_ENDPOINT, as alice (HF_TOKEN). Prints one JSON
# object of what each call gave; the vitest test asserts on it. Any exception fails the run (exit status 1).
import json
import os
import sys
import tempfile

from huggingface_hub import CommitOperationAdd, CommitOperationDelete, HfApi
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

admin.delete_repo("acme/py-public")
try:
    admin.delete_repo("acme/py-public")
    out["delete_again"] = "deleted twice"
except RepositoryNotFoundError:
    out["delete_again"] = "RepositoryNotFoundError"
admin.delete_repo("acme/py-gone", missing_ok=True)

out["big_sha256"] = __import__("hashlib").sha256(big).hexdigest()
json.dump(out, sys.stdout)
