import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { throwIfNotOk } from '../../../lib/api';

/** Specification 001 §3, "Photo recognition result". */
export const recognitionResultSchema = z.object({
  success: z.boolean(),
  message: z.string().nullish(),
  data: z
    .object({
      drugName: z.string().nullish(),
      confidence: z.number().nullish(),
      expiryDate: z.string().nullish(),
      suggestedProduct: z
        .object({
          name: z.string().nullish(),
          description: z.string().nullish(),
          sku: z.string().nullish(),
        })
        .nullish(),
      /** The GTIN a barcode on the pack carries (this server's addition to §3). */
      barcode: z.string().nullish(),
      /** Other products the photo's barcodes name (this server's addition): the form is filled from one only. */
      otherProducts: z.array(z.object({ barcode: z.string() })).nullish(),
    })
    .nullish(),
});
export type RecognitionResult = z.infer<typeof recognitionResultSchema>;

/**
 * POST /api/products/recognize (multipart, field `image`): the pack's barcodes and
 * print read on the server. A refusal (nothing readable, not a photo, too big) comes as 413/415/422 with a code.
 */
export async function recognizeProduct(image: Blob): Promise<RecognitionResult> {
  const body = new FormData();
  body.append('image', image, image instanceof File ? image.name : 'product.jpg');
  const response = await fetch('/api/products/recognize', { method: 'POST', credentials: 'include', body });
  await throwIfNotOk(response);
  return recognitionResultSchema.parse(await response.json());
}

export function useRecognizeProduct() {
  return useMutation({ mutationFn: recognizeProduct });
}
