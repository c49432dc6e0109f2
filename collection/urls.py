from django.urls import path

from collection import views

app_name = "collection"

urlpatterns = [
    path("", views.index, name="index"),
    path("import/", views.import_view, name="import"),
    path("export.csv", views.export, name="export"),
    path("share/", views.share, name="share"),
    path("s/<str:token>/", views.shared, name="shared"),
    path("cards/", views.change, name="change"),
    path("sets/<str:code>/add/", views.add_set, name="add_set"),
]
