"""Print-and-play PDF sheets made by Celery."""
