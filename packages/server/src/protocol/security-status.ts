// `securityFileStatus` of an expanded tree or paths-info entry, in the field's shape (huggingface_hub's `RepoFile`
// reads `status`, `avScan` and `pickleImportScan`; `safe` is `status == "safe"`). This hub runs no antivirus and no
// pickle-import scan, so it says so: every file is "unscanned", the status the field gives a file no scanner has
// looked at, with both scan results null. Clients therefore never read a file of this hub as checked and safe.

/** What the hub knows of a file's security scans. */
export interface SecurityFileStatus {
  /** "unscanned": no scanner has looked at the file. */
  status: "unscanned";
  /** Antivirus result; null, as none ran. */
  avScan: null;
  /** Pickle-import scan result; null, as none ran. */
  pickleImportScan: null;
}

/** The status of every file of this hub. */
export const UNSCANNED: Readonly<SecurityFileStatus> = Object.freeze({
  status: "unscanned",
  avScan: null,
  pickleImportScan: null,
});
