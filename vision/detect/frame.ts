/** Frames into OpenCV mats, and the detector's shrunken view of a frame. */
import type { Cv } from './opencv.ts';
import type { Frame } from '../types.ts';
import { DET_SCALE } from '../classify/nets.ts';

/** The frame as an RGB mat (CV_8UC3); the caller deletes it. */
export function frameToRgb(cv: Cv, frame: Frame): any {
  const rgba = new cv.Mat(frame.height, frame.width, cv.CV_8UC4);
  rgba.data.set(frame.data);
  const rgb = new cv.Mat();
  cv.cvtColor(rgba, rgb, cv.COLOR_RGBA2RGB);
  rgba.delete();
  return rgb;
}

/** The detector's input: the frame shrunk by DET_SCALE (area averaging), RGB bytes, and its size. */
export function detectorInput(cv: Cv, rgb: any): { data: Uint8Array; width: number; height: number } {
  const width = Math.floor(rgb.cols / DET_SCALE);
  const height = Math.floor(rgb.rows / DET_SCALE);
  const small = new cv.Mat();
  cv.resize(rgb, small, new cv.Size(width, height), 0, 0, cv.INTER_AREA);
  const data = new Uint8Array(small.data);
  small.delete();
  return { data, width, height };
}
