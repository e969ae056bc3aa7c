import {
  type CallHandler,
  Controller,
  type ExecutionContext,
  HttpCode,
  Injectable,
  type NestInterceptor,
  PayloadTooLargeException,
  Post,
  UploadedFiles,
  UseInterceptors,
} from '@nestjs/common';
import { AnyFilesInterceptor } from '@nestjs/platform-express';
import type { PhotoRecognition } from '@pharmacy/contracts';
import { DomainError } from '@pharmacy/domain';
import type { Observable } from 'rxjs';
import { OwnAccount } from '../../common/access/access';
import { Reaches, reach } from '../../common/access/policy';
import { IMAGE_TYPES, MAX_IMAGE_BYTES, PhotoRecogniser, unsupportedImage } from './recognition';

const tooLarge = () =>
  new DomainError(
    'IMAGE_TOO_LARGE',
    `The photo is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB. Take it at a lower resolution or choose a smaller file.`,
  );

/** One uploaded image, in memory, at most MAX_IMAGE_BYTES: a bigger one is refused with 413 and a message a person can act on. */
@Injectable()
class PhotoUpload implements NestInterceptor {
  private readonly files = new (AnyFilesInterceptor({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } }))();

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    try {
      return await this.files.intercept(context, next);
    } catch (error) {
      if (error instanceof PayloadTooLargeException) throw tooLarge();
      throw error;
    }
  }
}

/** Add Product by Photo: the pack's barcodes read on the server and matched to the catalogue. */
@Controller('api/products')
export class RecognitionHttpController {
  constructor(private readonly recogniser: PhotoRecogniser) {}

  /** Reading a photo changes nothing (auditors may try it too). */
  @Post('recognize')
  @HttpCode(200)
  @OwnAccount()
  @UseInterceptors(PhotoUpload)
  @Reaches(reach.none())
  recognise(
    @UploadedFiles() files: Array<{ buffer: Buffer; mimetype: string; size: number }> | undefined,
  ): Promise<PhotoRecognition> {
    const image = files?.[0];
    if (!image) throw unsupportedImage('No photo was uploaded.');
    if (!(IMAGE_TYPES as readonly string[]).includes(image.mimetype)) {
      throw unsupportedImage(`A ${image.mimetype} file is not a photo this server reads.`);
    }
    return this.recogniser.recognise(image.buffer);
  }
}
