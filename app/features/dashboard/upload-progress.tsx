import { MESSAGES } from '../../../core/messages';
import { type FileProgress, fileProgressText, uploadPercent, uploadSummary } from '../../lib/upload-progress';

/**
 * The progress of a form's upload (`useFormSubmit`'s `uploads`): a bar and a line per file, and one sentence in a
 * polite live region, which also says when a Cancel waits for the server's answer (`cancelling`). The region stays
 * in the form, empty between uploads, so that screen readers announce what appears in it; it is not a status role,
 * which the page's own notice is.
 */
export function UploadProgress({ files, cancelling = false }: { files: FileProgress[]; cancelling?: boolean }) {
  return (
    <div className="upload-progress">
      <p className="upload-progress__summary" aria-live="polite">
        {cancelling ? MESSAGES.cancelling : uploadSummary(files)}
      </p>
      {files.length > 0 && (
        <ul className="upload-progress__files">
          {files.map((file, index) => (
            // One upload's files keep their order, and two may share a name.
            <li key={index} className="upload-progress__file">
              <span>{fileProgressText(file)}</span>
              <progress value={uploadPercent(file)} max={100} aria-label={`Upload of ${file.name}`} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
