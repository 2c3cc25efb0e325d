"""CRC32C (Castagnoli) and TF's masked form, as TFRecords and TF's checkpoints (tensor
bundles) carry them."""


def _crc32c_table():
    table = []
    for i in range(256):
        crc = i
        for _ in range(8):
            crc = (crc >> 1) ^ 0x82F63B78 if crc & 1 else crc >> 1
        table.append(crc)
    return tuple(table)


_CRC_TABLE = _crc32c_table()


def crc32c(data, crc=0):
    """The CRC32C checksum of `data` (bytes), continuing `crc` (of the bytes before)."""
    crc ^= 0xFFFFFFFF
    table = _CRC_TABLE
    for byte in data:
        crc = table[(crc ^ byte) & 0xFF] ^ (crc >> 8)
    return crc ^ 0xFFFFFFFF


def mask(crc):
    """TF's masked CRC32C: rotated right by 15 bits plus 0xa282ead8."""
    return (((crc >> 15) | (crc << 17)) + 0xA282EAD8) & 0xFFFFFFFF


def masked_crc32c(data):
    """The masked CRC32C of `data` (TFRecord's)."""
    return mask(crc32c(data))
