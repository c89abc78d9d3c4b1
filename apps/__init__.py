"""The gate browser (a Streamlit app): `browser.py` is its entry script, `shared.py` what its
pages share, `views/` the pages. Installed as `probe.apps`; `engram-probe app` starts it."""
