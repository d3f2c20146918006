/** User Data Header (3GPP TS 23.040 §9.2.3.24): the concatenation elements, and building one. */
export type ConcatInfo = { ref: number; total: number; seq: number; refBits: 8 | 16 };

export type SplitUserData = { concat: ConcatInfo | undefined; body: Buffer; udhValid: boolean };

const IEI_CONCAT_8 = 0x00;
const IEI_CONCAT_16 = 0x08;

/** Splits user data that starts with a UDH (esm_class UDHI set) into its concat info and the text bytes. */
export function splitUdh(userData: Buffer): SplitUserData {
  const udhLength = userData[0];
  if (udhLength === undefined || udhLength + 1 > userData.length) {
    return { concat: undefined, body: userData, udhValid: false };
  }
  let concat: ConcatInfo | undefined;
  let at = 1;
  const end = 1 + udhLength;
  while (at + 2 <= end) {
    const iei = userData[at]!;
    const length = userData[at + 1]!;
    const data = userData.subarray(at + 2, at + 2 + length);
    if (iei === IEI_CONCAT_8 && length === 3) {
      concat = { ref: data[0]!, total: data[1]!, seq: data[2]!, refBits: 8 };
    } else if (iei === IEI_CONCAT_16 && length === 4) {
      concat = { ref: data.readUInt16BE(0), total: data[2]!, seq: data[3]!, refBits: 16 };
    }
    at += 2 + length;
  }
  return { concat, body: userData.subarray(end), udhValid: true };
}

/** The 6-octet UDH of part `seq` of `total` with an 8-bit reference. */
export function concatUdh(ref: number, total: number, seq: number): Buffer {
  return Buffer.from([0x05, IEI_CONCAT_8, 0x03, ref & 0xff, total, seq]);
}
