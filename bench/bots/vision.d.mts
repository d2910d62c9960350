export const PIECE_BLEED: number;
export interface DecodedPicture {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}
export interface VisionChallenge {
  background: string;
  piece: string;
  width: number;
  height: number;
  pieceSize: number;
  pieceY?: number;
}
/** Decodes a picture (a data URL or a path) to RGBA pixels. */
export function decodePicture(url: string): Promise<DecodedPicture>;
/** The offset the pictures point to, the CPU seconds it took, and the winning candidate's scores. */
export function locateGap(challenge: VisionChallenge): Promise<{ offsetX: number; cpuSeconds: number; best: { contrast: number; edge: number; ncc: number } }>;
