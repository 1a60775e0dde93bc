/** The long side a field photo keeps: enough to read a meter or a crack, small on one bar of signal. */
export const PHOTO_MAX_SIDE = 1600;

/** The size that fits within maxSide on the long side, keeping the proportions; never enlarged. */
export function fitWithin(width: number, height: number, maxSide = PHOTO_MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * The camera's photo made small on the phone before it waits in the outbox: at most maxSide on its
 * long side, as JPEG, turned upright from its EXIF orientation. A photo the browser cannot decode
 * (HEIC on some browsers) goes as it is: the server accepts it, only larger.
 */
export async function resizePhoto(file: Blob, maxSide = PHOTO_MAX_SIDE, quality = 0.8): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  const size = fitWithin(bitmap.width, bitmap.height, maxSide);
  if (file.type === 'image/jpeg' && size.width === bitmap.width && size.height === bitmap.height) {
    bitmap.close();
    return file;
  }
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) {
    bitmap.close();
    return file;
  }
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  bitmap.close();
  const resized = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
  return resized ?? file;
}

/** The file name the resized photo goes by: the camera's name with the JPEG extension. */
export function photoName(original: string, resized: Blob): string {
  if (resized.type !== 'image/jpeg') return original || 'photo';
  const base = (original || 'photo').replace(/\.[^.]+$/, '');
  return `${base}.jpg`;
}
