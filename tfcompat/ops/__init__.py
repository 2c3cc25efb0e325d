"""Op families as pure JAX functions, each registered once with the dispatcher."""
