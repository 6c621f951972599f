import { BadRequestException, type PipeTransform } from '@nestjs/common';

const MAX_ID = 2_147_483_647; // Postgres integer

/** Route ids are positive whole numbers in the integer range; anything else answers 400 with `message`. */
export class IdParamPipe implements PipeTransform<string, number> {
  constructor(private readonly message: string) {}

  transform(value: string): number {
    const id = /^[1-9]\d{0,9}$/.test(value) ? Number(value) : NaN;
    if (!(id <= MAX_ID)) throw new BadRequestException(this.message);
    return id;
  }
}
