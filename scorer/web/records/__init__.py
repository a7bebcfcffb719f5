"""The records: history, statistics (and the results cache behind them), score sheets, export and
import, and players."""
