from django.urls import path

from printing import views

app_name = "printing"

urlpatterns = [
    path("", views.index, name="index"),
    path("new/", views.new, name="new"),
    path("preview.png", views.preview, name="preview"),
    path("preview/", views.preview_frame, name="preview_frame"),
    path("alignment.pdf", views.alignment_sheet, name="alignment"),
    path("jobs/<uuid:job_id>/", views.job, name="job"),
    path("jobs/<uuid:job_id>/download/", views.download, name="download"),
    path("jobs/<uuid:job_id>/again/", views.again, name="again"),
    path("jobs/<uuid:job_id>/delete/", views.delete, name="delete"),
]
