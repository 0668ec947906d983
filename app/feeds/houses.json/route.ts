import { answerFeed } from '@/lib/feed/answer';
import { handle } from '@/lib/http/json';

export const dynamic = 'force-dynamic';

/** The affiliates' house feed as JSON with their tagged links (docs/marketing.md). */
export function GET(req: Request) {
  return handle('feeds.houses', () => answerFeed(req, 'json'));
}
