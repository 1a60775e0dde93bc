import Konva from 'konva';

/**
 * The stage's drawing at the image's own size: its layers cloned onto an offscreen stage of the
 * natural size at scale 1, so the output is exactly that many pixels whatever the zoom on screen
 * (a pixelRatio on the fitted stage rounds one side off by a pixel).
 */
export function exportImage(stage: Konva.Stage, size: { width: number; height: number }, mimeType: string): string {
  const offscreen = new Konva.Stage({ container: document.createElement('div'), width: size.width, height: size.height });
  try {
    for (const layer of stage.getLayers()) offscreen.add(layer.clone());
    return offscreen.toDataURL({ mimeType, quality: 0.92, pixelRatio: 1 });
  } finally {
    offscreen.destroy();
  }
}
