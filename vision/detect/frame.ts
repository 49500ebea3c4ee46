/** Frames into OpenCV mats. */
import type { Cv } from './opencv.ts';
import type { Frame } from '../types.ts';

/** The frame as an RGB mat (CV_8UC3); the caller deletes it. */
export function frameToRgb(cv: Cv, frame: Frame): any {
  const rgba = new cv.Mat(frame.height, frame.width, cv.CV_8UC4);
  rgba.data.set(frame.data);
  const rgb = new cv.Mat();
  cv.cvtColor(rgba, rgb, cv.COLOR_RGBA2RGB);
  rgba.delete();
  return rgb;
}
