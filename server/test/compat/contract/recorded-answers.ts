/**
 * Answers of the real services, copied verbatim from the protocol reference (sms-activate's API page
 * and 5sim's docs, as quoted in the project's protocol reference §1a and §1b). The contract tests
 * compare Jiema's answers with these byte for byte, after putting Jiema's own values (ids, numbers,
 * times, prices, service codes) in the places `vary` names: every other byte, every key and its
 * order, every value type must be the same.
 */
export type Recorded = {
  /** HTTP status the real service answers. */
  status: number;
  /** The whole Content-Type header. */
  type: string;
  /** The answer as recorded. */
  body: string;
};

/** sms-activate answers plain text or JSON; Jiema sends them with these types (the reference records none). */
const SA_TEXT = 'text/plain; charset=utf-8';
const SA_JSON = 'application/json; charset=utf-8';
const saText = (body: string): Recorded => ({ status: 200, type: SA_TEXT, body });
const saJson = (body: string): Recorded => ({ status: 200, type: SA_JSON, body });

export const smsActivate = {
  getBalance: saText('ACCESS_BALANCE:10.50'),
  getNumber: saText('ACCESS_NUMBER:38496653:66846426435'),
  // activationEndTime is in the real answer (the reference's copy dropped it).
  getNumberV2: saJson(
    '{"activationId": 635468024, "phoneNumber": "79584******", "activationCost": 12.50, "currency": 840, "countryCode": "2", "canGetAnotherSms": "1", "activationTime": "2022-06-01 17:30:57", "activationEndTime": "2022-06-01 17:50:57", "activationOperator": "mtt"}',
  ),
  setStatusReady: saText('ACCESS_READY'),
  setStatusRetry: saText('ACCESS_RETRY_GET'),
  setStatusFinish: saText('ACCESS_ACTIVATION'),
  setStatusCancel: saText('ACCESS_CANCEL'),
  getStatusWait: saText('STATUS_WAIT_CODE'),
  getStatusWaitRetry: saText('STATUS_WAIT_RETRY:12345'),
  getStatusOk: saText('STATUS_OK:12345'),
  getStatusCancel: saText('STATUS_CANCEL'),
  getStatusV2: saJson(
    '{"verificationType": 2, "sms": {"dateTime": "0000-00-00 00:00:00", "code": "code", "text": "sms text"}, "call": {"from": "phone", "text": "voice text", "code": "12345", "dateTime": "0000-00-00 00:00:00", "url": "voice file url", "parsingCount": 1}}',
  ),
  getNumbersStatus: saJson('{"vk_0":76,"av_1":211}'),
  getPrices: saJson('{"2":{"vk":{"cost":"Cost","count":"Quantity","physicalCount":"..."}}}'),
  getTopCountriesByService: saJson(
    '{"0":{"country":2,"count":43575,"price":15.00,"retail_price":30.00,"freePriceMap":{"15.00":43242,"18.00":333}}}',
  ),
  getCountries: saJson(
    '{"2":{"id":2,"rus":"Казахстан","eng":"Kazakhstan","chn":"哈萨克斯坦","visible":1,"retry":1,"rent":1,"multiService":1}}',
  ),
  getServicesList: saJson('{"status":"success","services":[{"code":"aoo","name":"Pegasus Airlines"}]}'),
  getOperators: saJson('{"status":"success","countryOperators":{"1":["life","mts","kyivstar","utel"]}}'),
  getActiveActivations: saJson(
    '{"status":"success","activeActivations":[{"activationId":"635468021","serviceCode":"vk","phoneNumber":"79********1","activationCost":12.50,"activationStatus":"4","smsCode":["CODE"],"smsText":"[Your CODE registration code]","activationTime":"2022-06-01 16:59:16","discount":"0.00","repeated":"0","countryCode":"2","countryName":"Kazakhstan","canGetAnotherSms":"1","currency":840}]}',
  ),
  getHistory: saJson(
    '[{"id":1,"date":"2022-11-12 15:58:39","phone":"79000000000","sms":"[\\"text\\"]","cost":100,"status":"4","currency":840}]',
  ),
  getRentServicesAndCountries: saJson(
    '{"countries":{"0":2},"operators":{"0":"aiva"},"services":{"full":{"cost":42.93,"quant":20},"vk":{"cost":21.95,"quant":20}},"currency":840}',
  ),
  getRentNumber: saJson(
    '{"status":"success","phone":{"id":1049,"endDate":"2020-01-31T12:01:52","number":"79959707564"}}',
  ),
  getRentStatus: saJson(
    '{"status":"success","quantity":"2","values":{"0":{"phoneFrom":"79180230628","text":"5","service":"ot","date":"2020-01-30 14:31:58"}}}',
  ),
  setRentStatus: saJson('{"status":"success"}'),
  getRentList: saJson('{"status":"success","values":{"0":{"id":"12345","phone":"79181234567"}}}'),
  NO_NUMBERS: saText('NO_NUMBERS'),
  NO_BALANCE: saText('NO_BALANCE'),
  BAD_SERVICE: saText('BAD_SERVICE'),
  BAD_KEY: saText('BAD_KEY'),
  BAD_ACTION: saText('BAD_ACTION'),
  BAD_STATUS: saText('BAD_STATUS'),
  NO_ACTIVATION: saText('NO_ACTIVATION'),
  WRONG_ACTIVATION_ID: saText('WRONG_ACTIVATION_ID'),
  EARLY_CANCEL_DENIED: saText('EARLY_CANCEL_DENIED'),
  WRONG_MAX_PRICE: saText('WRONG_MAX_PRICE:12.5'),
  WRONG_EXCEPTION_PHONE: saText('WRONG_EXCEPTION_PHONE'),
  rentNoNumbers: saJson('{"status":"error","message":"NO_NUMBERS"}'),
};

/** 5sim: JSON exactly `application/json` (no charset), errors plain text with an HTTP status. */
const fsJson = (body: string): Recorded => ({ status: 200, type: 'application/json', body });
const fsError = (status: number, body: string): Recorded => ({
  status,
  type: 'text/plain; charset=utf-8',
  body,
});

const ORDER =
  '{"id":11631253,"phone":"+79000381454","operator":"beeline","product":"vkontakte","price":21,"status":"PENDING","expires":"2018-10-13T08:28:38.809469028Z","sms":null,"created_at":"2018-10-13T08:13:38.809469028Z","forwarding":false,"forwarding_number":"","country":"russia"}';

export const fiveSim = {
  products: fsJson(
    '{"1day":{"Category":"hosting","Qty":14,"Price":80},"vkontakte":{"Category":"activation","Qty":133,"Price":21}}',
  ),
  // `rate` is "omitted < 20% or few orders": Jiema has no delivery rate to give.
  prices: fsJson('{"russia":{"1688":{"beeline":{"cost":4,"count":1260}}}}'),
  countries: fsJson(
    '{"afghanistan":{"iso":{"af":1},"prefix":{"+93":1},"text_en":"Afghanistan","text_ru":"Афганистан","virtual18":{"activation":1}}}',
  ),
  profile: fsJson(
    '{"id":1,"email":"[email protected]","vendor":"demo","default_forwarding_number":"78009005040","balance":100,"rating":96,"default_country":{"name":"russia","iso":"ru","prefix":"+7"},"default_operator":{"name":""},"frozen_balance":0}',
  ),
  order: fsJson(ORDER),
  orders: fsJson(`{"Data":[${ORDER}],"ProductNames":[],"Statuses":[],"Total":3}`),
  payments: fsJson(
    '{"Data":[{"ID":30011934,"TypeName":"charge","ProviderName":"admin","Amount":100,"Balance":100,"CreatedAt":"2020-06-24T15:37:08.149895Z"}],"PaymentTypes":[{"Name":"charge"}],"PaymentProviders":[{"Name":"admin"}],"Total":1}',
  ),
  inbox: fsJson(
    '{"Data":[{"ID":844928,"created_at":"2020-06-24T15:37:08.149895Z","date":"2020-06-24T15:37:08.149895Z","sender":"+79998887060","text":"12345","code":"","is_wave":false,"wave_uuid":""}],"Total":1}',
  ),
  noFreePhones: fsError(400, 'no free phones'),
  notEnoughBalance: fsError(400, 'not enough user balance'),
  badCountry: fsError(400, 'bad country'),
  badOperator: fsError(400, 'bad operator'),
  noProduct: fsError(400, 'no product'),
  orderNotFound: fsError(404, 'order not found'),
  orderHasSms: fsError(400, 'order has sms'),
  unauthorized: fsError(401, ''),
};
