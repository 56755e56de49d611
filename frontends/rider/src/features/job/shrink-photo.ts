/** Photos above this size are scaled down before upload; smaller ones go as they are. */
const SHRINK_ABOVE_BYTES = 1.5 * 1024 * 1024;
const MAX_EDGE_PX = 1600;

/**
 * A phone camera's photo is 3-8 MB; riders upload it over mobile data at the roadside. A
 * 1600px JPEG is plenty to prove what was picked up and is about a tenth of the size. Any
 * failure (an old browser, an odd format) sends the original: the server checks it anyway.
 */
export async function shrinkPhoto(file: File): Promise<File> {
  if (file.size <= SHRINK_ABOVE_BYTES || typeof createImageBitmap !== 'function') return file;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, MAX_EDGE_PX / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
    if (!blob || blob.size >= file.size) return file;
    return new File([blob], 'pickup.jpg', { type: 'image/jpeg' });
  } catch (error) {
    console.warn('Could not shrink the photo; sending the original', error);
    return file;
  }
}
