// zod/mini chooses no language for its own messages (classic zod loads English when first used): without this, a
// rule with no message of its own says "Invalid input". Imported for its effect by every module that builds a
// schema (directly, or through schemas/common.ts), so that messages are English whichever module loads first.
import { config } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

config(en());
