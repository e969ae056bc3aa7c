import { Injectable, type PipeTransform } from '@nestjs/common';
import { canonicalId } from '@pharmacy/contracts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are uuids; a path id that is not even one names nothing (answered like an unknown id). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * A path id in its canonical spelling (lower case), so every spelling of an id
 * reaches the same stream and row; something that is not an id at all is
 * answered like an unknown id, with the route's own not-found error.
 */
@Injectable()
export class ParseId implements PipeTransform<string, string> {
  constructor(private readonly notFound: (id: string) => Error) {}

  transform(value: string): string {
    const id = canonicalId(value);
    if (!id) throw this.notFound(value);
    return id;
  }
}
