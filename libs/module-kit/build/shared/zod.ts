/**
 * What the shell shares as `zod` (see sharedDependencies in ../federation.ts).
 *
 * A shared package is never tree-shaken: sharing zod itself shipped all of it (JSON Schema
 * conversion, every locale's messages, codecs, the v3 compat layer: ≈89 kB gzip) where the monolith
 * build, tree-shaking the same code, keeps ≈28 kB. This module is shared under that name instead and
 * gives the apps' `import { z } from 'zod'` only the members they call. Types still come from zod
 * itself, so a member missing here would compile and be undefined at run time:
 * federation.spec.ts fails when the apps' or libs' sources use one; add it here.
 */
import {
  array,
  boolean,
  coerce,
  discriminatedUnion,
  email,
  enum as enumOf,
  input,
  iso,
  literal,
  looseObject,
  number,
  object,
  output,
  preprocess,
  record,
  string,
  stringbool,
  union,
  unknown,
  url,
  uuid,
  ZodError,
  ZodType,
} from 'zod/v4';

export const z = {
  array,
  boolean,
  coerce,
  discriminatedUnion,
  email,
  enum: enumOf,
  input,
  iso,
  literal,
  looseObject,
  number,
  object,
  output,
  preprocess,
  record,
  string,
  stringbool,
  union,
  unknown,
  url,
  uuid,
  ZodError,
  ZodType,
};
