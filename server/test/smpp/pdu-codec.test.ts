import smpp from 'smpp';
import { describe, expect, it } from 'vitest';
import { decodePdu, encodeResponse, encodeSubmitSm } from '../../src/modules/smpp/pdu-codec';
import { rawBytesOf } from '../../src/modules/smpp/smpp-library';

/**
 * Our codec for a bind's steady traffic against npm `smpp`, the reference: what we encode, it decodes
 * to the same fields; what it encodes, we decode to the same fields (short_message and message_payload
 * stay bytes, read by inbound-pdu.ts).
 */
describe('pdu-codec', () => {
  it('submit_sm: the library reads back every field we wrote', () => {
    const params = {
      source_addr: 'Jiema',
      source_addr_ton: 5,
      source_addr_npi: 0,
      destination_addr: '79991234567',
      dest_addr_ton: 1,
      dest_addr_npi: 1,
      esm_class: 0x40,
      registered_delivery: 1,
      data_coding: 8,
      short_message: Buffer.from([0x05, 0x00, 0x03, 0x2a, 0x02, 0x01, 0x04, 0x1f, 0x00, 0x41]),
    };
    const ours = encodeSubmitSm(77, params);
    const theirs = new smpp.PDU('submit_sm', { ...params, sequence_number: 77 }).toBuffer();
    expect(ours.equals(theirs)).toBe(true);
    const read = new smpp.PDU(ours);
    expect(read).toMatchObject({
      command: 'submit_sm',
      sequence_number: 77,
      destination_addr: '79991234567',
    });
  });

  it('submit_sm: a message over 254 bytes is refused, not truncated', () => {
    expect(() =>
      encodeSubmitSm(1, {
        source_addr: 'a',
        source_addr_ton: 0,
        source_addr_npi: 0,
        destination_addr: '1',
        dest_addr_ton: 0,
        dest_addr_npi: 0,
        esm_class: 0,
        registered_delivery: 0,
        data_coding: 0,
        short_message: Buffer.alloc(255),
      }),
    ).toThrow(RangeError);
  });

  it('submit_sm_resp: its message id, and none on an error answer without a body', () => {
    const ok = decodePdu(
      new smpp.PDU('submit_sm_resp', { sequence_number: 5, message_id: '1A2b3C' }).toBuffer(),
    );
    expect(ok).toMatchObject({
      command: 'submit_sm_resp',
      command_status: 0,
      sequence_number: 5,
      message_id: '1A2b3C',
    });
    const refused = decodePdu(
      new smpp.PDU('submit_sm_resp', { sequence_number: 6, command_status: 0x58 }).toBuffer(),
    );
    expect(refused).toMatchObject({ command: 'submit_sm_resp', command_status: 0x58, sequence_number: 6 });
    expect(refused.message_id).toBeUndefined();
  });

  it('deliver_sm: the same fields and TLVs as the library reads, the bytes kept raw', () => {
    const text =
      'id:439041231 sub:001 dlvrd:001 submit date:2611241200 done date:2611241201 stat:UNDELIV err:013 text:';
    const buffer = new smpp.PDU('deliver_sm', {
      sequence_number: 9,
      source_addr: '79991234567',
      source_addr_ton: 1,
      source_addr_npi: 1,
      destination_addr: 'Jiema',
      esm_class: 0x04,
      data_coding: 0,
      short_message: Buffer.from(text, 'latin1'),
      receipted_message_id: '1a2b3c4f',
      message_state: 5,
      network_error_code: Buffer.from([3, 0, 13]),
      sar_msg_ref_num: 300,
    }).toBuffer();
    const ours = decodePdu(buffer);
    const theirs = new smpp.PDU(buffer);
    const fields = (pdu: Record<string, unknown>) => {
      const { short_message: _bytes, ...rest } = pdu;
      return rest;
    };
    expect(fields(ours)).toEqual(fields(theirs));
    expect(Buffer.from(ours.short_message as Buffer).toString('latin1')).toBe(text);
    expect(rawBytesOf(ours)?.equals(buffer)).toBe(true);
    expect(ours.response().command).toBe('deliver_sm_resp');
  });

  it('deliver_sm: a PDU cut short reads as far as it goes, never past its end', () => {
    const whole = new smpp.PDU('deliver_sm', {
      source_addr: '1',
      destination_addr: '2',
      short_message: Buffer.from('hello'),
    }).toBuffer();
    const cut = Buffer.from(whole.subarray(0, whole.length - 3));
    cut.writeUInt32BE(cut.length, 0);
    const pdu = decodePdu(cut);
    expect(pdu.source_addr).toBe('1');
    expect(Buffer.from(pdu.short_message as Buffer).toString()).toBe('he');
  });

  it('responses: deliver_sm_resp and enquire_link_resp as the library writes them, with any status', () => {
    const deliver = new smpp.PDU(
      new smpp.PDU('deliver_sm', { sequence_number: 12, short_message: 'x' }).toBuffer(),
    );
    const enquire = new smpp.PDU(new smpp.PDU('enquire_link', { sequence_number: 13 }).toBuffer());
    for (const status of [0, 0x64]) {
      expect(
        encodeResponse(deliver, status).equals(deliver.response({ command_status: status }).toBuffer()),
      ).toBe(true);
      expect(
        encodeResponse(enquire, status).equals(enquire.response({ command_status: status }).toBuffer()),
      ).toBe(true);
    }
    const unbind = new smpp.PDU(new smpp.PDU('unbind', { sequence_number: 14 }).toBuffer());
    expect(new smpp.PDU(encodeResponse(unbind, 0))).toMatchObject({
      command: 'unbind_resp',
      sequence_number: 14,
    });
  });
});
