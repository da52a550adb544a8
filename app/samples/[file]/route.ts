import { answerSample } from '@/lib/shop/sample-answer';
import { sampleFile } from '@/lib/shop/sample-files';

type Params = { params: Promise<{ file: string }> };

/**
 * GET/HEAD /samples/the-love-blueprint-{edition}-sample.{pdf,epub}: an edition's free sample, the
 * same committed file for everyone, no token, cacheable (lib/shop/sample-answer.ts).
 */
export async function GET(request: Request, { params }: Params) {
  return answerSample(request, (await params).file, sampleFile);
}

export async function HEAD(request: Request, { params }: Params) {
  return answerSample(request, (await params).file, sampleFile);
}
