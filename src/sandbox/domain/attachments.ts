/**
 * Uploaded files: size checks and attachment records.
 */
import type { UploadedFile } from '../body.ts';
import type { Attachment } from '../model.ts';
import type { Store } from '../store.ts';

// ---- attachments ----------------------------------------------------------------------------

export function totalSize(files: UploadedFile[]): number {
  return files.reduce((sum, f) => sum + f.size, 0);
}

export function storeAttachments(store: Store, files: UploadedFile[], now: number): Attachment[] {
  return files.map((file) => {
    const attachment: Attachment = { id: store.nextId('attachment'), name: file.name, contentType: file.contentType, size: file.size, createdAt: now, updatedAt: now };
    store.attachmentBytes.set(attachment.id, file.bytes);
    return attachment;
  });
}
