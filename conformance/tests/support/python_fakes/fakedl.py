"""The consumer of the DLPack fakes (fakedl_base.py): --impl python:fakedl, broken by FAKEDL_BUG."""

import fakedl_base

globals().update(fakedl_base.build(__name__, "FAKEDL_BUG"))
