import { describe, expect, it } from 'vitest';
import { fitWithin, photoName } from '../../../src/mobile/photos/resize';

describe('a field photo made small on the phone', () => {
  it('fits a 12 MP camera photo within 1600 px on its long side, keeping its proportions', () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3024, 4032)).toEqual({ width: 1200, height: 1600 });
  });

  it('never enlarges a photo already small enough', () => {
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
  });

  it('keeps at least one pixel on a very thin photo', () => {
    expect(fitWithin(10000, 2, 1600)).toEqual({ width: 1600, height: 1 });
  });

  it('names the resized photo as a JPEG, and leaves a photo it could not decode as it was named', () => {
    expect(photoName('IMG_0001.HEIC', new Blob([], { type: 'image/jpeg' }))).toBe('IMG_0001.jpg');
    expect(photoName('IMG_0001.HEIC', new Blob([], { type: 'image/heic' }))).toBe('IMG_0001.HEIC');
    expect(photoName('', new Blob([], { type: 'image/jpeg' }))).toBe('photo.jpg');
  });
});
