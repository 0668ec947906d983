/**
 * The campaign field of the server's schemas, apart from campaign-tags.ts so the pages that keep
 * the landing tags in the browser do not load zod for it.
 */
import { z } from 'zod';
import { toCampaignTags } from './campaign-tags';

/**
 * The `campaign` field of a booking request body, and of the booking records: always succeeds,
 * with the valid tags or undefined, so a bad tag costs the tag and never the booking (nor, when
 * a record is read back, the record).
 */
export const CampaignFieldSchema = z.unknown().transform((value) => toCampaignTags(value));
