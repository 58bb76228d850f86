import type { ModelFile } from "../../../api";
import { hubPath } from "../../../lib/card-urls";
import { formatFileSize } from "../../../lib/file-size";
import "./FilesTable.css";

/** Props of `FilesTable`. */
export interface FilesTableProps {
  /** The files, sorted by path; undefined while they load. */
  files: ModelFile[] | undefined;
  /** Why loading the files failed, or null. */
  error: string | null;
  /** Retries a failed load. */
  onRetry: () => void;
}

// Enough of the hash to tell files apart at a glance; the full value is in the tooltip.
const SHORT_HASH_LENGTH = 10;

/** One file: its path, size, hash and a download link (when the server's link is a path on this hub). */
function FileRow({ file }: { file: ModelFile }) {
  const href = hubPath(file.url);
  return (
    <tr>
      <th scope="row" className="files__path break-anywhere">
        {file.path}
      </th>
      <td className="files__size" title={`${file.size} bytes`}>
        {formatFileSize(file.size)}
      </td>
      <td>
        {file.sha256 !== "" && (
          <code className="files__hash" title={file.sha256}>
            {file.sha256.slice(0, SHORT_HASH_LENGTH)}
          </code>
        )}
      </td>
      <td>
        {href !== undefined && (
          <a href={href} download aria-label={`Download ${file.path}`}>
            Download
          </a>
        )}
      </td>
    </tr>
  );
}

/** The Files tab: every file of the model with its size and a download link, or why there is none. */
export function FilesTable({ files, error, onRetry }: FilesTableProps) {
  if (files === undefined) {
    return error !== null ? (
      <div className="note note--error" role="alert">
        <p>The files could not be loaded: {error}</p>
        <button type="button" className="button" onClick={onRetry}>
          Try again
        </button>
      </div>
    ) : (
      <p role="status">Loading the files…</p>
    );
  }
  if (files.length === 0) {
    return (
      <p className="note" role="note">
        No files: nothing has been uploaded to this model yet.
      </p>
    );
  }
  const total = files.reduce((sum, file) => sum + file.size, 0);
  return (
    <div className="files">
      <table className="files__table">
        <caption className="files__caption">
          {files.length === 1 ? "1 file" : `${files.length} files`}, {formatFileSize(total)}
        </caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Size</th>
            <th scope="col">SHA-256</th>
            <th scope="col">
              <span className="visually-hidden">Download</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {files.map((file) => (
            <FileRow key={file.path} file={file} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
