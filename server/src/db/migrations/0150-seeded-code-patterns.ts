/**
 * Google's and Facebook's seeded code patterns took any six (or five to eight) digits as the code
 * when their prefixed form ("G-123456", "FB-12345") was absent, so a bank notice of a "Google Pay"
 * purchase gave its terminal number as a Google code, and an alphanumeric "G-33WB4B" gave nothing.
 * They now take only the prefixed form; anything else falls back to the general extractor, which
 * reads the rest as a person does. Only installations still on the seeded pattern are changed (an
 * administrator's own pattern stays).
 */
export default /* sql */ `
update applications set code_pattern = '\\bG-([A-Z0-9]{5,8})\\b'
  where code = 'go' and code_pattern = 'G-(\\d{6})|\\b(\\d{6})\\b';
update applications set code_pattern = '\\bFB-(\\d{5,8})\\b'
  where code = 'fb' and code_pattern = 'FB-(\\d{5,8})|\\b(\\d{5,8})\\b';
`;
