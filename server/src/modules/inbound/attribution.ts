import { compilePattern, extractCode, MATCH_TEXT_LIMIT } from '@jiema/shared';

/** A rental holding the receiving number, with what attribution and extraction need. */
export type HoldingRental = {
  id: number;
  user_id: number;
  application_id: number;
  sender_pattern: string;
  keyword_pattern: string;
  code_pattern: string;
  user_pattern: string | null;
  voice: boolean;
};

/**
 * Which rental an SMS belongs to, among the rentals holding its number. The best match wins: the
 * sender pattern (3) over the keyword pattern (2) over an application without patterns that takes
 * anything (1). A tie between two rentals gives the SMS to neither (two applications on one number
 * never get each other's codes); no match at all gives it to the only rental of the number, if
 * there is only one. A voice transcript looks at voice orders first.
 */
export function attribute(
  rentals: HoldingRental[],
  sms: { sender: string; text: string; voice: boolean },
): HoldingRental | null {
  const sameKind = rentals.filter((r) => r.voice === sms.voice);
  const pool = sameKind.length > 0 ? sameKind : rentals;
  let best: HoldingRental[] = [];
  let bestRank = 0;
  for (const rental of pool) {
    const senderRe = compilePattern(rental.sender_pattern);
    const keywordRe = compilePattern(rental.keyword_pattern);
    let rank = 0;
    if (!senderRe && !keywordRe) rank = 1;
    else if (senderRe?.test(sms.sender.slice(0, 256))) rank = 3;
    else if (keywordRe?.test(sms.text.slice(0, MATCH_TEXT_LIMIT))) rank = 2;
    if (rank === 0) continue;
    if (rank > bestRank) {
      best = [rental];
      bestRank = rank;
    } else if (rank === bestRank) best.push(rental);
  }
  if (best.length === 1) return best[0]!;
  if (best.length > 1) return null;
  return pool.length === 1 && rentals.length === 1 ? pool[0]! : null;
}

/** The code of an SMS for a rental (or for no rental: the general extractor alone), as `extractCode` defines it. */
export function extractSmsCode(
  rental: Pick<HoldingRental, 'code_pattern' | 'user_pattern'> | null,
  text: string,
): string | null {
  return extractCode(rental?.code_pattern ?? '', text, rental?.user_pattern);
}
