import OpenAI from 'openai';
import { z } from 'zod';

export interface VisionSettings {
  baseUrl: string;
  apiKey: string;
  /** A model that reads images (OPENAI_VISION_MODEL). */
  model: string;
  timeoutMs: number;
}

/** What the server already read off the photo, so the model is asked about the rest. */
export interface PhotoClues {
  barcode: string | null;
  printedText: string;
}

/** A pack photo for the model: a JPEG, small enough for a job. */
export interface PhotoQuestion {
  jpegBase64: string;
  clues: PhotoClues;
}

export interface PhotoDescription {
  drugName: string | null;
  description: string | null;
  /** As printed on the pack; the client normalises it (specification 001 §5). */
  expiryDate: string | null;
}

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));

const answerSchema = z.object({ drugName: text(200), description: text(1000), expiryDate: text(40) });

const INSTRUCTIONS = [
  'You read photos of medicine packs for a pharmacy’s stock system.',
  'Answer with one JSON object and nothing else: {"drugName": string|null, "description": string|null, "expiryDate": string|null}.',
  'drugName: the product name with strength and form as printed (e.g. "Amoxicillin 250 mg capsules").',
  'description: one short sentence of what the pack says it is (active ingredient, pack size); no advice.',
  'expiryDate: the expiry date exactly as printed (e.g. "08/2027"), not the manufacturing date.',
  'Use null for anything you cannot read on the photo. Never guess.',
].join(' ');

/**
 * Asks a vision-capable OpenAI-compatible model what a pack photo shows. Its
 * answer is checked against a schema; text that is not such an object is no
 * answer at all.
 */
export class PhotoDescriber {
  private readonly client: OpenAI;

  constructor(private readonly settings: VisionSettings) {
    this.client = new OpenAI({
      baseURL: settings.baseUrl,
      apiKey: settings.apiKey,
      timeout: settings.timeoutMs,
      maxRetries: 0,
    });
  }

  async describe(question: PhotoQuestion): Promise<PhotoDescription> {
    const clues = [
      question.clues.barcode ? `The barcode on the pack reads GTIN ${question.clues.barcode}.` : null,
      question.clues.printedText.trim()
        ? `OCR read this text on it (it may contain errors):\n${question.clues.printedText.trim().slice(0, 2000)}`
        : null,
    ].filter((line): line is string => line !== null);
    const completion = await this.client.chat.completions.create({
      model: this.settings.model,
      messages: [
        { role: 'system', content: INSTRUCTIONS },
        {
          role: 'user',
          content: [
            { type: 'text', text: ['What does this pack show?', ...clues].join('\n') },
            { type: 'image_url', image_url: { url: `data:image/jpeg;base64,${question.jpegBase64}` } },
          ],
        },
      ],
      response_format: { type: 'json_object' },
    });
    const content = completion.choices[0]?.message?.content?.trim() ?? '';
    // Some servers wrap JSON in a Markdown code fence even when asked not to.
    const json = content.replace(/^```(?:json)?\s*/i, '').replace(/\s*```$/, '');
    let parsed: unknown;
    try {
      parsed = JSON.parse(json);
    } catch {
      throw new Error('the model did not answer with JSON');
    }
    const answer = answerSchema.safeParse(parsed);
    if (!answer.success) throw new Error('the model’s answer is not a pack description');
    return answer.data;
  }
}
