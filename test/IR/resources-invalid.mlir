// RUN: pyopt %s -split-input-file -verify-diagnostics

// expected-error@+3 {{dialect 'nope' is unknown}}
{-#
  dialect_resources: {
    nope: {}
  }
#-}

// -----

// expected-error@+4 {{expected hex string blob for key 'b'}}
{-#
  dialect_resources: {
    builtin: {
      b: "ff"
    }
  }
#-}

// -----

// expected-error@+4 {{expected hex string blob for key 'b' to encode alignment in first 4 bytes, but got non-power-of-2 value: 3}}
{-#
  dialect_resources: {
    builtin: {
      b: "0x03000000"
    }
  }
#-}

// -----

// expected-error@+2 {{unknown key 'other' in file metadata dictionary}}
{-#
  other: {}
#-}
