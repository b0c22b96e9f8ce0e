"""The producer of the DLPack fakes (fakedl_base.py): --peer python:fakedl_peer, shaped by
FAKEDL_PEER_LIKE; its own from_dlpack is never broken (FAKEDL_PEER_BUG is unset)."""

import fakedl_base

globals().update(fakedl_base.build(__name__, "FAKEDL_PEER_BUG"))
