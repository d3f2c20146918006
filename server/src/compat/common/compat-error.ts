/**
 * Why a compat request was refused, in words both protocols translate to their own answers
 * (sms-activate tokens, 5sim plain-text errors).
 */
export type RefusalWord =
  | 'BAD_SERVICE'
  | 'BAD_COUNTRY'
  | 'BAD_OPERATOR'
  | 'NO_NUMBERS'
  | 'NO_BALANCE'
  | 'WRONG_MAX_PRICE'
  | 'ORDER_ALREADY_EXISTS'
  | 'NO_ACTIVATION'
  | 'EARLY_CANCEL_DENIED'
  | 'HAS_SMS'
  | 'NO_SMS_YET'
  | 'ENDED'
  | 'NOT_ACTIVATION'
  | 'NOT_RENTAL'
  | 'INVALID_TIME'
  | 'WRONG_ACTIVATION_ID'
  | 'BAD_STATUS'
  | 'WRONG_EXCEPTION_PHONE'
  | 'ERROR';

export class CompatRefusal extends Error {
  constructor(
    readonly word: RefusalWord,
    /** WRONG_MAX_PRICE: the lowest price on sale. */
    readonly detail?: string,
  ) {
    super(word);
  }
}

/** The store's and the rentals' error codes, as refusals. */
export function refusalOf(code: string): CompatRefusal {
  switch (code) {
    case 'STOCK_INSUFFICIENT':
    case 'VALIDITY_STOCK_INSUFFICIENT':
    case 'PRICE_NOT_SET':
    case 'STORE_CHOICE_UNAVAILABLE':
    case 'OPERATOR_COUNTRY_MISMATCH':
      return new CompatRefusal('NO_NUMBERS');
    case 'INSUFFICIENT_BALANCE':
      return new CompatRefusal('NO_BALANCE');
    case 'IDEMPOTENCY_KEY_REUSED':
      return new CompatRefusal('ORDER_ALREADY_EXISTS');
    case 'RENTAL_NOT_FOUND':
      return new CompatRefusal('NO_ACTIVATION');
    case 'ACTIVATION_CANCEL_TOO_EARLY':
      return new CompatRefusal('EARLY_CANCEL_DENIED');
    case 'ACTIVATION_CODE_RECEIVED':
      return new CompatRefusal('HAS_SMS');
    case 'ACTIVATION_NO_CODE_YET':
      return new CompatRefusal('NO_SMS_YET');
    case 'RENTAL_ENDED':
    case 'RENTAL_SUSPENDED':
    case 'RENTAL_NOT_ACTIVE':
    case 'RENEWAL_SUSPENDED':
    case 'RENEWAL_ENDED':
      return new CompatRefusal('ENDED');
    case 'ACTIVATION_ONLY':
      return new CompatRefusal('NOT_ACTIVATION');
    case 'RENEWAL_ACTIVATION':
    case 'RENEWAL_OPTION_NOT_RENTAL':
      return new CompatRefusal('NOT_RENTAL');
    case 'RENEWAL_OPTION_UNAVAILABLE':
    case 'RENEWAL_PRICE_NOT_SET':
      return new CompatRefusal('INVALID_TIME');
    default:
      return new CompatRefusal('ERROR');
  }
}
