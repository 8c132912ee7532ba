//! The container both games save to (docs/save-format.md): a 4-byte magic, a little-endian
//! `u16` version, the game's fields, and a CRC-32 of everything before it. Fields are bytes,
//! little-endian integers and LEB128 varints.
//!
//! [`RecordReader`] never reads past the record: every read checks what is left, and a record
//! that ends early, has bytes left over, or fails its checksum is `BadRecord`. Writers grow their
//! buffer fallibly.

use crate::error::{try_reserve, Error, ErrorKind, Result};

/// Bytes of the magic and the version.
const HEADER: usize = 6;
/// Bytes of the checksum at the end.
const CHECKSUM: usize = 4;

/// CRC-32 (IEEE 802.3, reflected, polynomial 0xEDB88320), as zlib's `crc32`.
pub(crate) fn crc32(bytes: &[u8]) -> u32 {
    const TABLE: [u32; 256] = {
        let mut t = [0u32; 256];
        let mut i = 0;
        while i < 256 {
            let mut c = i as u32;
            let mut k = 0;
            while k < 8 {
                c = if c & 1 != 0 {
                    0xEDB8_8320 ^ (c >> 1)
                } else {
                    c >> 1
                };
                k += 1;
            }
            t[i] = c;
            i += 1;
        }
        t
    };
    let mut c = !0u32;
    for &b in bytes {
        c = TABLE[((c ^ u32::from(b)) & 0xFF) as usize] ^ (c >> 8);
    }
    !c
}

/// `BadRecord` with a sentence.
pub(crate) fn bad(detail: impl Into<crate::error::Message>) -> Error {
    Error::new(ErrorKind::BadRecord, detail)
}

/// Builds a record: the header first, the checksum last.
pub(crate) struct RecordWriter {
    buf: Vec<u8>,
}

impl RecordWriter {
    /// A record of `magic` at `version`, with room for about `expected` bytes.
    pub(crate) fn new(magic: &[u8; 4], version: u16, expected: usize) -> Result<Self> {
        let mut buf = Vec::new();
        try_reserve(&mut buf, expected.saturating_add(HEADER + CHECKSUM))?;
        crate::error::try_extend(&mut buf, magic)?;
        crate::error::try_extend(&mut buf, &version.to_le_bytes())?;
        Ok(RecordWriter { buf })
    }

    /// Appends raw bytes.
    pub(crate) fn bytes(&mut self, b: &[u8]) -> Result<()> {
        crate::error::try_extend(&mut self.buf, b)?;
        Ok(())
    }

    /// Appends one byte.
    pub(crate) fn u8(&mut self, x: u8) -> Result<()> {
        self.bytes(&[x])
    }

    /// Appends a little-endian `u64`.
    pub(crate) fn u64(&mut self, x: u64) -> Result<()> {
        self.bytes(&x.to_le_bytes())
    }

    /// Appends an unsigned LEB128 varint: 7 bits a byte, low bits first.
    pub(crate) fn varint(&mut self, mut x: u64) -> Result<()> {
        let mut b = [0u8; 10];
        let mut n = 0;
        loop {
            let low = (x & 0x7F) as u8;
            x >>= 7;
            if x == 0 {
                b[n] = low;
                n += 1;
                break;
            }
            b[n] = low | 0x80;
            n += 1;
        }
        self.bytes(&b[..n])
    }

    /// Appends the checksum and returns the record.
    pub(crate) fn finish(mut self) -> Result<Vec<u8>> {
        let c = crc32(&self.buf);
        self.bytes(&c.to_le_bytes())?;
        Ok(self.buf)
    }
}

/// Reads a record's fields in order, within its length.
pub(crate) struct RecordReader<'a> {
    body: &'a [u8],
    pos: usize,
}

impl<'a> RecordReader<'a> {
    /// Checks the length, the magic, the checksum and the version (`1..=newest`), and reads
    /// the fields after them. `what` names the record in messages.
    pub(crate) fn open(record: &'a [u8], magic: &[u8; 4], newest: u16, what: &str) -> Result<Self> {
        if record.len() < HEADER + CHECKSUM {
            return Err(bad(format_args!(
                "{} bytes is too short for a {what} record (at least {})",
                record.len(),
                HEADER + CHECKSUM
            )));
        }
        if &record[..4] != magic {
            return Err(bad(format_args!(
                "the record does not start with the {what} magic {:?}",
                std::str::from_utf8(magic).unwrap_or("?")
            )));
        }
        let version = u16::from_le_bytes([record[4], record[5]]);
        let (data, sum) = record.split_at(record.len() - CHECKSUM);
        let stored = u32::from_le_bytes([sum[0], sum[1], sum[2], sum[3]]);
        let computed = crc32(data);
        if stored != computed {
            return Err(bad(format_args!(
                "the checksum is 0x{stored:08X} but the record's bytes give 0x{computed:08X}: \
                 it is damaged or truncated"
            )));
        }
        if version == 0 || version > newest {
            return Err(bad(format_args!(
                "the {what} record is version {version}; this library reads versions 1 to {newest}"
            )));
        }
        Ok(RecordReader {
            body: &data[HEADER..],
            pos: 0,
        })
    }

    /// Bytes not read yet.
    pub(crate) fn left(&self) -> usize {
        self.body.len() - self.pos
    }

    /// The next `n` bytes.
    pub(crate) fn bytes(&mut self, n: usize, what: &str) -> Result<&'a [u8]> {
        if n > self.left() {
            return Err(bad(format_args!(
                "the record ends inside {what}: {n} bytes needed, {} left",
                self.left()
            )));
        }
        let b = &self.body[self.pos..self.pos + n];
        self.pos += n;
        Ok(b)
    }

    /// The next byte.
    pub(crate) fn u8(&mut self, what: &str) -> Result<u8> {
        Ok(self.bytes(1, what)?[0])
    }

    /// The next little-endian `u64`.
    pub(crate) fn u64(&mut self, what: &str) -> Result<u64> {
        let b = self.bytes(8, what)?;
        Ok(u64::from_le_bytes(b.try_into().expect("8 bytes")))
    }

    /// The next LEB128 varint; more than 64 bits, or a needless trailing zero byte (which
    /// `RecordWriter` never writes), is refused.
    pub(crate) fn varint(&mut self, what: &str) -> Result<u64> {
        let mut x = 0u64;
        for k in 0..10 {
            let b = self.u8(what)?;
            let low = u64::from(b & 0x7F);
            if k == 9 && b > 1 {
                return Err(bad(format_args!("{what} does not fit in 64 bits")));
            }
            x |= low << (7 * k);
            if b & 0x80 == 0 {
                if k > 0 && b == 0 {
                    return Err(bad(format_args!("{what} is not in its shortest form")));
                }
                return Ok(x);
            }
        }
        Err(bad(format_args!("{what} does not fit in 64 bits")))
    }

    /// The next varint as a `usize`.
    pub(crate) fn size(&mut self, what: &str) -> Result<usize> {
        let x = self.varint(what)?;
        usize::try_from(x)
            .map_err(|_| bad(format_args!("{what} is {x}, more than this platform holds")))
    }

    /// Checks that every byte was read.
    pub(crate) fn finish(&self) -> Result<()> {
        if self.left() > 0 {
            return Err(bad(format_args!(
                "{} bytes follow the last field of the record",
                self.left()
            )));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc32_matches_the_standard_check_value() {
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(crc32(b""), 0);
    }

    #[test]
    fn fields_come_back_as_written_and_damage_is_refused() {
        let mut w = RecordWriter::new(b"TEST", 1, 0).unwrap();
        for x in [0, 1, 127, 128, 300, u64::MAX] {
            w.varint(x).unwrap();
        }
        w.u64(0x0102_0304_0506_0708).unwrap();
        w.u8(9).unwrap();
        let rec = w.finish().unwrap();
        let mut r = RecordReader::open(&rec, b"TEST", 1, "test").unwrap();
        for x in [0, 1, 127, 128, 300, u64::MAX] {
            assert_eq!(r.varint("x").unwrap(), x);
        }
        assert_eq!(r.u64("y").unwrap(), 0x0102_0304_0506_0708);
        assert_eq!(r.u8("z").unwrap(), 9);
        r.finish().unwrap();
        assert!(r.u8("past the end").is_err());

        let kind = |rec: &[u8]| {
            RecordReader::open(rec, b"TEST", 1, "test")
                .err()
                .map(|e| e.kind())
        };
        for i in 0..rec.len() {
            let mut bent = rec.clone();
            bent[i] ^= 0x10;
            assert_eq!(kind(&bent), Some(ErrorKind::BadRecord), "byte {i}");
        }
        assert_eq!(kind(&rec[..rec.len() - 1]), Some(ErrorKind::BadRecord));
        assert_eq!(kind(&rec[..3]), Some(ErrorKind::BadRecord));
        let newer = RecordWriter::new(b"TEST", 2, 0).unwrap().finish().unwrap();
        assert_eq!(kind(&newer), Some(ErrorKind::BadRecord));
    }

    #[test]
    fn varints_in_a_longer_form_than_needed_are_refused() {
        let mut w = RecordWriter::new(b"TEST", 1, 0).unwrap();
        w.bytes(&[0x80, 0x00]).unwrap();
        let rec = w.finish().unwrap();
        let mut r = RecordReader::open(&rec, b"TEST", 1, "test").unwrap();
        assert_eq!(r.varint("x").unwrap_err().kind(), ErrorKind::BadRecord);
    }
}
