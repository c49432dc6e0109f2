"""Users, sign-up, login, profile and API tokens."""
