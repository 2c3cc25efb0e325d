"""The machinery every op shares: dtypes, Tensor, Variable, dispatch and the tape."""
