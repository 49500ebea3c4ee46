/** What the page spends on a picture (main.ts sets it once); build.ts and lights.ts both read it. */
export interface Quality {
  /** MSAA samples of the picture. */
  samples: number;
  shadowMap: number;
  halfFloat: boolean;
  post: boolean;
  env: boolean;
  shadows: boolean;
  lights: boolean;
}
